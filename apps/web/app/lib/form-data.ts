// Reading posted forms on the server: a field that is missing or a file reads as an empty string.
export function formText(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}
