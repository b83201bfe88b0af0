/** A refusal or failure to show as is (the CLIs print it and exit 1, without a stack trace). */
export class BackupError extends Error {}
