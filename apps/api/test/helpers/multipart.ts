// multipart/form-data bodies for upload tests: each part a text field or a file (with its name and declared type).
export type FormPart =
  { field: string; value: string } | { field: string; filename: string; data: Buffer; type?: string };

export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = '----test' + Math.random().toString(16).slice(2);
  const out: Buffer[] = [];
  for (const p of parts) {
    const head =
      'value' in p
        ? `Content-Disposition: form-data; name="${p.field}"`
        : `Content-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    out.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), 'value' in p ? Buffer.from(p.value) : p.data);
    out.push(Buffer.from('\r\n'));
  }
  out.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(out), contentType: `multipart/form-data; boundary=${boundary}` };
}
