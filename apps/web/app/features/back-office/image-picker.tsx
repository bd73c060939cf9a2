// An image field of the content editor (ADR 093): the chosen image shown with its alternative text, and a dialog that
// lists the uploaded images (the content API's files, newest first) with thumbnails, a search, and an upload of a new
// image that is chosen at once. Without JavaScript the field is a select of the same files, posted as the file's id;
// the form reads the same value either way. The dialog is the browser's own (<dialog>, opened modal): focus stays in
// it, Escape closes it and focus goes back to the button that opened it.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { FieldErrors, inputClass } from '../../ui/form-field.tsx';

/** What the picker shows of a file. */
export interface PickerFile {
  id: string;
  title: string;
  filename: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** A file of the content API (GET /api/cms/items/files, POST /api/cms/files) as the picker shows it. */
export function pickerFile(f: {
  id: string;
  title: string;
  filename: string;
  description: string;
  width: number | null;
  height: number | null;
}): PickerFile {
  return { id: f.id, title: f.title, filename: f.filename, alt: f.description, width: f.width, height: f.height };
}

const assetUrl = (id: string) => `/api/cms/assets/${encodeURIComponent(id)}`;
const nameOf = (f: PickerFile) => f.title || f.filename || f.id;
const matches = (f: PickerFile, q: string) =>
  [f.id, f.title, f.filename, f.alt].some((t) => t.toLowerCase().includes(q.trim().toLowerCase()));
/** Enter in a text box of the dialog must not send the item's form around it. */
const noSubmit = (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === 'Enter') e.preventDefault();
};

type UploadAnswer = {
  uploaded?: PickerFile | null;
  uploadError?: string | null;
  uploadErrors?: Record<string, string[]>;
};

/** The chosen image, or what the field holds when no listed file has that id. */
function Preview({ id, file }: { id: string; file: PickerFile | undefined }) {
  if (!id) return <p className="mb-0.5">No image chosen.</p>;
  if (!file)
    return (
      <p className="mb-0.5">
        {id} <span className="text-sm text-[#4a4a4a]">(not among the published images)</span>
      </p>
    );
  return (
    <figure className="mb-0.5 flex flex-wrap items-center gap-1" data-testid="image-preview">
      <img
        src={assetUrl(file.id)}
        alt={file.alt}
        className="h-[96px] w-[144px] border border-[#9aa5b1] bg-white object-contain"
      />
      <figcaption className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <span className="block font-semibold">{nameOf(file)}</span>
        <span className="block text-sm">Alternative text: {file.alt ? `“${file.alt}”` : 'none'}</span>
        <span className="block text-sm text-[#4a4a4a]">{file.id}</span>
      </figcaption>
    </figure>
  );
}

function UploadInDialog({ onUploaded }: { onUploaded: (file: PickerFile) => void }) {
  const fetcher = useFetcher<UploadAnswer>();
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const done = useRef<PickerFile | null>(null);
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === 'idle' && answer?.uploaded && done.current !== answer.uploaded) {
      done.current = answer.uploaded;
      onUploaded(answer.uploaded);
    }
  }, [fetcher.state, answer, onUploaded]);
  const upload = () => {
    const chosen = fileInput.current?.files?.[0];
    const form = new FormData();
    form.set('intent', 'upload-image');
    if (chosen) form.set('file', chosen, chosen.name);
    form.set('alt', altInput.current?.value ?? '');
    void fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };
  const errors = answer?.uploadErrors ?? {};
  return (
    <fieldset className="mt-1 rounded-theme border border-[#9aa5b1] p-0.5">
      <legend className="px-0.5 font-semibold">Upload a new image</legend>
      {answer?.uploadError ? (
        <p role="alert" className="mb-0.5 font-semibold text-[#b00020]">
          {answer.uploadError}
        </p>
      ) : null}
      <label htmlFor="picker-upload-file" className="mb-[4px] block font-semibold">
        Image file
      </label>
      <input
        ref={fileInput}
        id="picker-upload-file"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif,image/svg+xml"
        className={inputClass}
        aria-describedby={errors.file?.length ? 'picker-upload-file-error' : undefined}
      />
      <FieldErrors id="picker-upload-file-error" errors={errors.file} />
      <label htmlFor="picker-upload-alt" className="mb-[4px] mt-0.5 block font-semibold">
        Alternative text
      </label>
      <input
        ref={altInput}
        id="picker-upload-alt"
        type="text"
        onKeyDown={noSubmit}
        className={inputClass}
        aria-describedby={errors.alt?.length ? 'picker-upload-alt-error' : undefined}
      />
      <FieldErrors id="picker-upload-alt-error" errors={errors.alt} />
      <button
        type="button"
        onClick={upload}
        disabled={busy}
        aria-busy={busy || undefined}
        className="btn btn-secondary mt-0.5"
      >
        Upload and choose
      </button>
    </fieldset>
  );
}

/** The dialog's list: the files matching the search, each a button that chooses it. */
function FileChoices(props: { files: PickerFile[]; chosen: string; nullable: boolean; choose: (id: string) => void }) {
  const [q, setQ] = useState('');
  const shown = props.files.filter((f) => matches(f, q));
  return (
    <>
      <label htmlFor="picker-search" className="mb-[4px] block font-semibold">
        Search images
      </label>
      <input
        id="picker-search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={noSubmit}
        className={inputClass}
        aria-describedby="picker-count"
      />
      <p id="picker-count" className="my-0.5 text-sm" aria-live="polite">
        {shown.length === 1 ? '1 image' : `${shown.length} images`}
        {q ? ` matching “${q}”` : ''}
      </p>
      <ul className="grid max-h-[50vh] grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-0.5 overflow-y-auto p-[2px]">
        {props.nullable ? (
          <li>
            <button
              type="button"
              onClick={() => props.choose('')}
              aria-pressed={props.chosen === ''}
              className="flex h-full min-h-[44px] w-full items-center justify-center rounded-theme border border-[#767676] bg-white p-0.5 font-semibold aria-pressed:border-4 aria-pressed:border-black"
            >
              No image
            </button>
          </li>
        ) : null}
        {shown.map((f) => (
          <li key={f.id}>
            <button
              type="button"
              onClick={() => props.choose(f.id)}
              aria-pressed={props.chosen === f.id}
              className="flex h-full min-h-[44px] w-full flex-col items-center gap-[4px] rounded-theme border border-[#767676] bg-white p-0.5 text-left aria-pressed:border-4 aria-pressed:border-black"
            >
              <img src={assetUrl(f.id)} alt="" loading="lazy" className="h-[64px] w-[96px] object-contain" />
              <span className="w-full text-sm font-semibold [overflow-wrap:anywhere]">{nameOf(f)}</span>
              <span className="w-full text-xs [overflow-wrap:anywhere]">{f.alt || 'No alternative text'}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ImagePicker(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  /** A field that may hold no image (stored as null). */
  nullable: boolean;
  files: PickerFile[];
  /** Help under the label (its id is `${id}-hint`, named in `described`). */
  hint?: string;
  described?: string;
  invalid?: boolean;
  /** Below the control: its errors. */
  children?: ReactNode;
}) {
  const [enhanced, setEnhanced] = useState(false);
  const [chosen, setChosen] = useState(props.value);
  const [uploaded, setUploaded] = useState<PickerFile[]>([]);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => setEnhanced(true), []);
  const files = [...uploaded.filter((u) => !props.files.some((f) => f.id === u.id)), ...props.files];
  const current = files.find((f) => f.id === chosen);
  const labelId = `${props.id}-label`;
  const dialogTitle = `${props.id}-dialog-title`;
  const hint = props.hint ? (
    <p id={`${props.id}-hint`} className="mb-[4px] text-sm text-[#4a4a4a]">
      {props.hint}
    </p>
  ) : null;

  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const choose = (id: string) => {
    setChosen(id);
    close();
  };

  if (!enhanced) {
    // Without JavaScript (and until it runs): a select of the same files, posted as the file's id.
    return (
      <div className="mb-1">
        <label htmlFor={props.id} className="mb-[4px] block font-semibold">
          {props.label}
        </label>
        {hint}
        <Preview id={props.value} file={current} />
        <select
          id={props.id}
          name={props.name}
          defaultValue={props.value}
          aria-describedby={props.described}
          aria-invalid={props.invalid || undefined}
          className={inputClass}
        >
          <option value="">No image</option>
          {props.value && !current ? <option value={props.value}>{props.value}</option> : null}
          {props.files.map((f) => (
            <option key={f.id} value={f.id}>
              {nameOf(f)} ({f.id})
            </option>
          ))}
        </select>
        {props.children}
      </div>
    );
  }
  return (
    <div
      className="mb-1"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={props.described}
      data-testid="image-picker"
    >
      <p id={labelId} className="mb-[4px] font-semibold">
        {props.label}
      </p>
      {hint}
      <input type="hidden" name={props.name} value={chosen} />
      <Preview id={chosen} file={current} />
      <div className="flex flex-wrap gap-0.5">
        <button
          type="button"
          onClick={show}
          aria-haspopup="dialog"
          aria-invalid={props.invalid || undefined}
          className="btn btn-secondary"
        >
          {chosen ? 'Choose another image…' : 'Choose an image…'}
        </button>
        {chosen && props.nullable ? (
          <button type="button" onClick={() => setChosen('')} className="btn btn-secondary">
            Remove the image
          </button>
        ) : null}
      </div>
      {props.children}
      <dialog
        ref={dialog}
        aria-labelledby={dialogTitle}
        onClose={() => setOpen(false)}
        className="m-auto max-h-[calc(100dvh-1rem)] w-[min(46rem,calc(100vw-1rem))] overflow-y-auto rounded-theme border-2 border-black bg-white p-1 backdrop:bg-black/50"
      >
        <div className="mb-0.5 flex items-start justify-between gap-1">
          <h2 id={dialogTitle} className="text-xl font-bold">
            Choose an image: {props.label}
          </h2>
          <button type="button" onClick={close} className="btn btn-secondary">
            Cancel
          </button>
        </div>
        {open ? (
          <>
            <FileChoices files={files} chosen={chosen} nullable={props.nullable} choose={choose} />
            <UploadInDialog
              onUploaded={(file) => {
                setUploaded((list) => [file, ...list]);
                choose(file.id);
              }}
            />
          </>
        ) : null}
      </dialog>
    </div>
  );
}
