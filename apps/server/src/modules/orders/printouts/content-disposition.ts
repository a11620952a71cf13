/** `Content-Disposition` with a quoted ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 8187). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\%]/g, '_') || 'document.pdf';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
