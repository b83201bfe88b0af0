async function save(): Promise<void> {}

export function onClick() {
  save();
}
