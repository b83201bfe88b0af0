import { describe, expect, it } from "vitest";
import { markupClasses, pageStyleFor, selectorClasses } from "../src/shell/page-style";

// Decision 0031: a drawn page's HTML holds only the part of the stylesheet its classes can use.
// The stylesheet below has the shapes of Tailwind 4's minified output (the build's own).
const CSS = [
  "/*! tailwindcss v4 | MIT License */",
  "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-border-style:solid}}}",
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-teal-300:oklch(85% .13 181)}}",
  "@layer base{*,:after{box-sizing:border-box}button{font:inherit}}",
  "@layer components{.card{border-radius:1rem}.unused-component{color:red}}",
  "@layer utilities{",
  ".flex{display:flex}.grid{display:grid}.py-0\\.5{padding-block:.125rem}.w-1\\/2{width:50%}",
  ":where(.space-y-4>:not(:last-child)){margin-block-end:1rem}",
  ".\\[\\&\\>article\\]\\:w-full>article{width:100%}",
  ".aria-\\[current\\=page\\]\\:text-teal-300[aria-current=page]{color:var(--color-teal-300)}",
  "@media (hover:hover){.group-hover\\:scale-105:is(:where(.group):hover *){scale:1.05}.hover\\:underline:hover{text-decoration:underline}}",
  "@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}",
  "@media (width>=96rem){.\\32 xl\\:grid{display:grid}}",
  "}",
  "@keyframes nav-progress{0%{transform:translate(-100%)}to{transform:translate(300%)}}",
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
].join("");

describe("a drawn page's own stylesheet", () => {
  const style = pageStyleFor(CSS);

  it("keeps the utilities the page's classes use, in their @media, and leaves the others out", () => {
    const markup = '<main class="flex space-y-4 sm:flex py-0.5"><div class="group"><img class="group-hover:scale-105"/></div></main>';
    const own = style(markup);
    for (const kept of [
      ".flex{display:flex}",
      ".py-0\\.5{",
      ":where(.space-y-4>",
      "@media (width>=40rem){.sm\\:flex{display:flex}}",
      ".group-hover\\:scale-105",
    ]) {
      expect(own).toContain(kept);
    }
    for (const left of [".grid{", ".w-1\\/2", "hover\\:underline", "sm\\:hidden", "2xl", "aria-\\[current", "unused-component"]) {
      expect(own).not.toContain(left);
    }
    // A @media none of whose rules is used goes too.
    expect(own).not.toContain("@media (width>=96rem)");
  });

  it("keeps the theme, the base styles, @property, the keyframes and the layers' order whole", () => {
    const own = style("<p>nothing</p>");
    for (const kept of [
      "/*! tailwindcss",
      "@layer properties{",
      "@layer theme,base,components,utilities;",
      "--color-teal-300:",
      "button{font:inherit}",
      "@keyframes nav-progress",
      "@property --tw-border-style",
    ]) {
      expect(own).toContain(kept);
    }
    expect(own).not.toContain(".flex");
    expect(own).not.toContain("@layer utilities");
  });

  it("reads classes as React writes them (&amp; and the like) and selectors as Tailwind escapes them", () => {
    const own = style('<ul class="[&amp;&gt;article]:w-full 2xl:grid"><li class="aria-[current=page]:text-teal-300 w-1/2 card"></li></ul>');
    for (const kept of [".\\[\\&\\>article\\]\\:w-full>article", ".\\32 xl\\:grid", ".aria-\\[current\\=page\\]", ".w-1\\/2", ".card{"]) {
      expect(own).toContain(kept);
    }
    expect(markupClasses('<a class="a  b&#x27;c">x</a><b class="">')).toEqual(new Set(["a", "b'c"]));
    expect(selectorClasses(".group-hover\\:scale-105:is(:where(.group):hover *)")).toEqual(["group-hover:scale-105", "group"]);
  });

  it("is the whole stylesheet, byte for byte, for a page that uses every class", () => {
    const every =
      '<div class="flex grid py-0.5 w-1/2 space-y-4 [&amp;&gt;article]:w-full aria-[current=page]:text-teal-300 group group-hover:scale-105 hover:underline sm:flex sm:hidden 2xl:grid card unused-component"></div>';
    expect(style(every)).toBe(CSS);
  });
});
