/**
 * What other features may use of uploads: whether an upload was issued to the user, the private
 * storage of chat files and the image re-encoding.
 */
export { reencode, type ReencodedType } from "./images.js";
export { areOwnUploads, isIssuedUpload } from "./issued.js";
export { createPrivateStorage, type PrivateStorage } from "./storage.js";
