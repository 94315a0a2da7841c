/**
 * The problems of one language's server texts (the PDF statement's, a notification's): every
 * text is non-empty, and every text made from values (a function) writes each value it is given,
 * so that no name or amount is lost in translation.
 *
 * @param where what the texts are, for the messages ("the PDF statement")
 */
export function checkTextTree(language: string, where: string, texts: object): string[] {
  const problems: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (value.trim() === '') problems.push(`${language}: ${where}'s ${path} is empty`);
    } else if (typeof value === 'function') {
      const markers = Array.from({ length: value.length }, (_, index) => `⟦${index}⟧`);
      const text = String(value(...markers));
      const lost = markers.filter((marker) => !text.includes(marker));
      if (lost.length > 0) {
        problems.push(
          `${language}: ${where}'s ${path} leaves out its value ${lost.map((marker) => marker.slice(1, -1)).join(', ')}`,
        );
      }
      if (text.replace(/⟦\d+⟧/g, '').trim() === '') {
        problems.push(`${language}: ${where}'s ${path} has no words`);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    }
  };
  walk(texts, '');
  return problems;
}
