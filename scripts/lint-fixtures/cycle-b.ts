import { a } from "./cycle-a.js";

export const b = () => a;
