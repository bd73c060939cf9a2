// Photo ID uploads (features §4) and their manual review: images or PDF only, recognised by their bytes, at most 4
// files of 5 MB each, stored under the upload folder (outside the web root, mode 600) with random names; an operator
// approves or rejects them (CLI verification:approve / :reject).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { rgVerifications } from './responsible-gambling.repository.ts';
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  publicId,
  sniffDocumentType,
  type CustomerDirectory,
  type UploadedFile,
} from './responsible-gambling.rules.ts';
import { OUTCOME_TEXT, type VerificationService } from './responsible-gambling.verification.ts';

const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

export interface DocumentsDeps {
  db: Db;
  clock: Clock;
  /** Where uploaded identity documents go (DATA_DIR/verification-uploads by default). */
  uploadDir: string;
  customers: Pick<CustomerDirectory, 'setVerified'>;
  verification: Pick<VerificationService, 'startAttempt' | 'verificationState'>;
}

function checkFiles(uploaded: UploadedFile[]) {
  if (!uploaded.length)
    throw unprocessable('Please choose at least one photo or PDF of your ID.', 'no_files', {
      files: ['Please choose at least one photo or PDF of your ID.'],
    });
  if (uploaded.length > MAX_UPLOAD_FILES)
    throw unprocessable(`Please upload at most ${MAX_UPLOAD_FILES} files.`, 'too_many_files', {
      files: [`Please upload at most ${MAX_UPLOAD_FILES} files.`],
    });
  return uploaded.map((f) => {
    const name = f.filename.slice(0, 200) || 'file';
    if (f.data.length > MAX_UPLOAD_BYTES) {
      const text = `${name} is larger than 5 MB. Please upload a smaller file.`;
      throw unprocessable(text, 'file_too_large', { files: [text] });
    }
    const mime = sniffDocumentType(f.data);
    if (!mime) {
      const text = `${name} is not an image or a PDF. Please upload a photo (JPEG, PNG, WebP) or a PDF of your ID.`;
      throw unprocessable(text, 'file_type_not_allowed', { files: [text] });
    }
    return { name, mime, data: f.data };
  });
}

/** A file's public id: `doc_` and the random part of its stored name (never the name on disk itself). */
const documentIdOf = (storedName: string) => `doc_${storedName.split('.')[0]}`;

export function createDocumentReviewService(deps: DocumentsDeps) {
  const { db, clock, uploadDir } = deps;
  return {
    async uploadDocuments(customerId: string, uploaded: UploadedFile[]) {
      await deps.verification.startAttempt(customerId, 'photo_id_upload');
      const typed = checkFiles(uploaded);
      await fs.mkdir(uploadDir, { recursive: true, mode: 0o700 });
      const now = clock.now();
      const stored = [] as { name: string; mime: string; storedName: string; size: number }[];
      for (const f of typed) {
        const storedName = `${randomBytes(16).toString('hex')}.${EXTENSION[f.mime]}`;
        await fs.writeFile(path.join(uploadDir, storedName), f.data, { mode: 0o600, flag: 'wx' });
        stored.push({ name: f.name, mime: f.mime, storedName, size: f.data.length });
      }
      const row = await db.transaction(async (tx) => {
        const v = await rgVerifications.insert(tx, {
          publicId: publicId('ver'),
          customerId,
          method: 'photo_id_upload',
          status: 'pending',
          message: 'Thank you. We will check your documents and email you when this is done.',
          details: { files: stored.length },
          createdAt: now,
        });
        await rgVerifications.insertFiles(
          tx,
          stored.map((s) => ({
            verificationId: v.id,
            originalName: s.name,
            storedName: s.storedName,
            mimeType: s.mime,
            sizeBytes: s.size,
            createdAt: now,
          })),
        );
        return v;
      });
      return {
        id: row.publicId,
        method: 'photo_id_upload' as const,
        status: 'pending' as const,
        message: row.message,
        verification: await deps.verification.verificationState(customerId),
      };
    },

    async pendingManualVerifications() {
      const out = [];
      for (const r of await rgVerifications.pending(db)) {
        const files = await rgVerifications.filesOf(db, r.id);
        out.push({
          id: r.publicId,
          customerId: r.customerId,
          method: r.method,
          createdAt: r.createdAt,
          files: files.map((f) => ({
            id: documentIdOf(f.storedName),
            name: f.originalName,
            path: path.join(uploadDir, f.storedName),
            mimeType: f.mimeType,
            sizeBytes: f.sizeBytes,
          })),
        });
      }
      return out;
    },

    /** Every file the customer uploaded (newest upload first), with its upload's status and decision. */
    async customerDocuments(customerId: string) {
      const out = [];
      for (const v of await rgVerifications.of(db, customerId)) {
        if (v.method !== 'photo_id_upload') continue;
        for (const f of await rgVerifications.filesOf(db, v.id))
          out.push({
            id: documentIdOf(f.storedName),
            name: f.originalName,
            mimeType: f.mimeType,
            sizeBytes: f.sizeBytes,
            verificationId: v.publicId,
            status: v.status,
            uploadedAt: v.createdAt,
            decidedAt: v.decidedAt,
            reviewReason: v.reviewReason,
          });
      }
      return out;
    },

    /**
     * The bytes of one of the customer's uploaded files (any status), for an operator's audited look: its original
     * name and the type its bytes were recognised as at upload. 404 for another customer's file or a missing one.
     */
    async documentFile(customerId: string, documentId: string) {
      const stem = /^doc_([0-9a-f]{32})$/.exec(documentId)?.[1];
      const row = stem ? await rgVerifications.customerFile(db, customerId, stem) : undefined;
      if (!row) throw notFound('There is no such document.', 'document_not_found');
      let data: Buffer;
      try {
        data = await fs.readFile(path.join(uploadDir, path.basename(row.file.storedName)));
      } catch {
        throw notFound('The file of this document is missing from the upload folder.', 'document_file_missing');
      }
      return {
        id: documentId,
        verificationId: row.verificationId,
        name: row.file.originalName,
        mimeType: row.file.mimeType,
        data,
      };
    },

    async decideManualVerification(customerId: string, decision: 'approve' | 'reject', reason?: string) {
      const now = clock.now();
      const row = await rgVerifications.decidePending(
        db,
        customerId,
        decision === 'approve'
          ? { status: 'verified', message: OUTCOME_TEXT.verified, decidedAt: now, reviewReason: reason ?? null }
          : {
              status: 'rejected',
              message: `We could not verify your identity from your documents: ${reason ?? 'please upload clearer copies'}.`,
              decidedAt: now,
              reviewReason: reason ?? null,
            },
      );
      if (!row)
        throw notFound(`Customer ${customerId} has no verification waiting for review.`, 'verification_not_found');
      if (decision === 'approve') await deps.customers.setVerified(customerId, true);
      return { id: row.publicId, customerId, status: row.status };
    },
  };
}
export type DocumentReviewService = ReturnType<typeof createDocumentReviewService>;
