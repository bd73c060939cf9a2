// The Draws screen's import of an official results file (the feed's JSON, as `ops draw:import` reads): the API checks
// the whole file and each draw then has a result waiting for a second officer's confirmation on its own panel, as if
// it had been typed in. Nothing here decides a result: the file is read as JSON and sent; the reasons come back.
import type { AdminResultsImport } from '@shop/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { FormAlert } from '../../ui/form-field.tsx';

type Imported = AdminResultsImport['results'];

/** A results file is small (a few draws); anything larger is not one. */
export const RESULTS_FILE_MAX_BYTES = 512 * 1024;

/** The uploaded file as the feed to send, or why it cannot be sent. */
export async function feedOfUpload(form: FormData): Promise<{ feed: unknown } | { error: string }> {
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0)
    return { error: 'Choose the official results file (JSON) to import.' };
  if (file.size > RESULTS_FILE_MAX_BYTES)
    return { error: 'This file is too large for a results file (512 KB at most).' };
  try {
    return { feed: JSON.parse(await file.text()) };
  } catch {
    return { error: 'The file is not JSON: choose the official results file.' };
  }
}

export function ResultsImport({ imported, reasons }: { imported: Imported | null; reasons: readonly string[] }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="import-title" className="mt-2">
      <h2 id="import-title" className="mb-0.5 text-xl font-bold">
        Import official results
      </h2>
      <p className="mb-0.5 max-w-[60ch]">
        The results file of the official feed. Every draw in it is checked first; nothing is imported if one is wrong.
        Each result then waits for a second draw officer to confirm it on the draw&apos;s panel.
      </p>
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-1">
        <div className="min-w-[16rem]">
          <label htmlFor="results-file" className="mb-[4px] block font-semibold">
            Results file (JSON)
          </label>
          <input
            id="results-file"
            name="file"
            type="file"
            required
            accept=".json,application/json"
            className="block min-h-[44px] w-full rounded-theme border border-[#767676] p-0.5"
          />
        </div>
        <button name="intent" value="import" disabled={busy} className="btn btn-primary">
          Import for confirmation
        </button>
      </Form>
      {reasons.length ? (
        <div className="mt-1">
          <FormAlert title="Why the file was refused" messages={reasons} />
        </div>
      ) : null}
      {imported ? (
        <ul className="mt-1 list-disc pl-1.5" data-testid="results-imported">
          {imported.map((r) => (
            <li key={r.drawId}>
              <Link className="font-semibold underline" to={`?draw=${encodeURIComponent(r.drawId)}`}>
                {r.gameKey} {r.drawNo}
              </Link>
              : {r.proposal ? 'waiting for a second officer to confirm it' : 'already official, nothing to do'}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
