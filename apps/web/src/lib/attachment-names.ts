/** "invoice.pdf, IMG_2041.jpg": the names of a list of attachments (of a history snapshot too). */
export function attachmentNames(value: unknown): string {
  return Array.isArray(value)
    ? value
        .map((attachment: unknown) =>
          typeof attachment === 'object' && attachment !== null && 'name' in attachment
            ? attachment.name
            : null,
        )
        .filter((name): name is string => typeof name === 'string')
        .join(', ')
    : '';
}
