// Decision 0031: the pages drawn with their content (/home, /profile/list, a profile) ask for the
// app's scripts once the page has loaded and been drawn (its stylesheet, first avatars and hero image), so that on
// a slow link what the visitor sees is not sharing the line with scripts that only take the same
// page over. Someone signed in needs the app at once (the HTML shows a visitor's header), and a
// page whose images hang gets its scripts after a few seconds anyway. The build fills in the
// addresses (data-entry, data-preload, data-stylesheet) and the session's storage key (data-session-key).
(function () {
  var tag = document.currentScript;
  var data = tag.dataset;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var preloads = data.preload ? data.preload.split(" ") : [];
    for (var i = 0; i < preloads.length; i++) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = preloads[i];
      link.crossOrigin = "";
      document.head.appendChild(link);
    }
    // The whole stylesheet (the HTML holds the page's own part of it) before the app draws anything else.
    var stylesheet = document.createElement("link");
    stylesheet.rel = "stylesheet";
    stylesheet.href = data.stylesheet;
    stylesheet.crossOrigin = "";
    stylesheet.onload = stylesheet.onerror = run;
    document.head.appendChild(stylesheet);
  }
  function run() {
    var script = document.createElement("script");
    script.type = "module";
    script.src = data.entry;
    script.crossOrigin = "";
    document.head.appendChild(script);
  }
  var signedIn;
  try {
    signedIn = Boolean(localStorage.getItem(data.sessionKey));
  } catch {
    // Storage refused (a private window's policy): a visitor.
    signedIn = false;
  }
  // After the load, once the frame that shows the loaded images has been drawn (the second
  // animation frame begins after the first has painted).
  function afterPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
  }
  if (signedIn) start();
  else if (document.readyState === "complete") afterPaint();
  else {
    addEventListener("load", afterPaint, { once: true });
    setTimeout(start, 3000);
  }
})();
