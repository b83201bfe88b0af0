export * from "./constants.js";
export * from "./messages.js";
export * from "./format.js";
export * from "./types.js";
export * from "./schemas/auth.js";
export * from "./schemas/users.js";
export * from "./schemas/discovery.js";
export * from "./schemas/chat.js";
