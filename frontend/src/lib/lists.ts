/** Items as one list in the interface's language: "a, b, c" in English, "a、b、c" in Chinese (Intl.ListFormat). */
export function listText(items: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'narrow', type: 'conjunction' }).format(items);
}
