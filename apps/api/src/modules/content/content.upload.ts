// Reading POST /api/cms/files (multipart/form-data): one `file` part (an image of at most MAX_FILE_BYTES) and the
// optional text fields `id`, `title` and `alt`. The checks of the bytes themselves (type, size, that they are the
// image they claim to be) are the transfer's, shared with `content:upload`.
import type { Readable } from 'node:stream';
import { MAX_FILE_BYTES, UploadCmsFileFields } from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { unprocessable } from '../../lib/errors.ts';
import { multipartProblem } from '../../lib/multipart.ts';
import { hasControlCharacter, invalidCharacters } from '../../plugins/input-hygiene.ts';
import { uploadType, type UploadInput } from './content.transfer.ts';

const FIELD_NAMES = ['id', 'title', 'alt'] as const;

const refuse = (field: string, text: string, code = 'invalid_upload') =>
  unprocessable(`${field}: ${text}`, code, { [field]: [text] });

/** The upload as the transfer takes it (its type from the part's declared type, else its name). */
export async function readFileUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart())
    throw refuse('file', 'Send the image as a multipart/form-data upload with a "file" part.', 'multipart_required');
  const fields: Record<string, string> = {};
  let file: { filename: string; mimetype: string; bytes: Buffer } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: FIELD_NAMES.length, parts: FIELD_NAMES.length + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          (part.file as Readable).resume();
          throw refuse(part.fieldname, 'The image goes in the "file" part.');
        }
        file = { filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() };
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const problem = multipartProblem(err);
    if (problem === 'too_many') throw refuse('file', 'Send one file and at most the fields id, title and alt.');
    if (problem === 'too_large') throw refuse('file', `A file holds at most ${MAX_FILE_BYTES / 1024} KiB.`);
    if (problem === 'unreadable') throw refuse('file', 'The upload could not be read.');
    throw err;
  }

  for (const [name, value] of Object.entries(fields))
    if (hasControlCharacter(name) || hasControlCharacter(value)) throw invalidCharacters(name);
  const parsed = UploadCmsFileFields.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : issue.path.map(String).join('.');
    throw refuse(field || 'this', issue.message, 'validation_failed');
  }
  if (!file) throw refuse('file', 'Choose an image file.');
  if (hasControlCharacter(file.filename)) throw invalidCharacters('file');
  const filename = file.filename.trim() || 'upload';
  const type = uploadType(filename, file.mimetype);
  if (!type)
    throw refuse(
      'type',
      `Accepted: PNG, JPEG, WebP, GIF, AVIF or SVG (this file is ${file.mimetype}).`,
      'invalid_file',
    );
  const { id, title, alt } = parsed.data;
  return { id, filename, type, bytes: file.bytes, title, description: alt };
}
