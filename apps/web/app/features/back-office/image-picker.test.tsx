// The content form's image fields as the server draws them (and as they stay without JavaScript): a select of the
// uploaded images posted as the file's id, the chosen one shown with its alternative text, and an id no listed file
// has kept as it is; the form reads the chosen id back, and "No image" as none.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ObjectFields, readFields, shapeOf, type Json } from './content-fields.tsx';
import { pickerFile, type PickerFile } from './image-picker.tsx';

const files: PickerFile[] = [
  pickerFile({
    id: 'file_koala',
    title: 'Koala',
    filename: 'koala.png',
    description: 'A koala asleep in a gum tree',
    width: 640,
    height: 480,
  }),
  pickerFile({ id: 'file_beach', title: '', filename: 'beach.jpg', description: '', width: null, height: null }),
];

const page = (image: string | null): { [key: string]: Json } => ({
  sections: [{ kind: 'page_header', title: 'Terms of use', subtitle: null, image }],
});

const options = (html: string) =>
  [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => ({
    value: m[1],
    selected: !!m[2],
    text: m[3],
  }));

describe('the image picker', () => {
  it('is a select of the uploaded images, the chosen one previewed with its alternative text', () => {
    const html = renderToStaticMarkup(<ObjectFields value={page('file_koala')} name="" errors={{}} files={files} />);
    expect(html).toContain('<select id="f-sections-0-image" name="sections[0].image"');
    expect(html).toMatch(/<label for="f-sections-0-image"[^>]*>Image<\/label>/);
    expect(options(html)).toEqual([
      { value: '', selected: false, text: 'No image' },
      { value: 'file_koala', selected: true, text: 'Koala (file_koala)' },
      { value: 'file_beach', selected: false, text: 'beach.jpg (file_beach)' },
    ]);
    expect(html).toContain('src="/api/cms/assets/file_koala" alt="A koala asleep in a gum tree"');
    expect(html).toContain('Alternative text: “A koala asleep in a gum tree”');
    // The hint is tied to the control.
    expect(html).toMatch(/aria-describedby="f-sections-0-image-hint"/);
  });

  it('keeps an id no listed image has, and says when nothing is chosen', () => {
    const kept = renderToStaticMarkup(<ObjectFields value={page('file_gone')} name="" errors={{}} files={files} />);
    expect(options(kept)).toContainEqual({ value: 'file_gone', selected: true, text: 'file_gone' });
    expect(kept).toContain('(not among the published images)');
    const none = renderToStaticMarkup(<ObjectFields value={page(null)} name="" errors={{}} files={files} />);
    expect(options(none)[0]).toEqual({ value: '', selected: true, text: 'No image' });
    expect(none).toContain('No image chosen.');
  });

  it('reads the chosen id back, and "No image" as none', () => {
    const shape = shapeOf(page(null));
    const chosen = new FormData();
    chosen.set('sections[0].title', 'Terms of use');
    chosen.set('sections[0].image', 'file_beach');
    expect(readFields(shape, chosen)).toMatchObject({ sections: [{ image: 'file_beach' }] });
    chosen.set('sections[0].image', '');
    expect(readFields(shape, chosen)).toMatchObject({ sections: [{ image: null }] });
  });

  it('stays a text box of the id where no files are given', () => {
    const html = renderToStaticMarkup(<ObjectFields value={page('file_koala')} name="" errors={{}} />);
    const input = /<input[^>]*name="sections\[0\]\.image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('type="text"');
    expect(input).toContain('value="file_koala"');
    expect(html).not.toContain('<select');
  });
});
