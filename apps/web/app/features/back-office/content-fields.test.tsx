// The content editor's generic form: every control it draws is a field it reads back, a page with its blocks comes
// back as the contract's stored page, and what an editor empties is left out (the schema's default or its
// "required" applies), while the form drawn again after a refusal keeps it.
import { StoredPage } from '@shop/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  apiFieldName,
  fieldNames,
  formFieldName,
  NEW_BLOCKS,
  ObjectFields,
  readFields,
  shapeOf,
  type Json,
} from './content-fields.tsx';

const page: { [key: string]: Json } = {
  path: '/about/terms-of-use',
  name: 'Terms of use',
  template: 'content',
  seo: { title: 'Terms', description: '', canonicalUrl: null, ogImage: null, noIndex: false },
  sections: [
    { kind: 'page_header', title: 'Terms of use', subtitle: null, image: null },
    { kind: 'single_column', heading: 'Using this site', paragraphs: ['One.', 'Two.'] },
    {
      kind: 'content_grid',
      heading: null,
      items: [{ title: 'A', text: '', image: null, link: { text: 'More', url: '/about' } }],
    },
    { kind: 'banners', banners: [{ text: 'Hello', link: null, tone: 'info' }] },
  ],
};

/** The form as a browser sends it: each control's name with the value it shows. */
function formOf(values: Record<string, string | string[] | boolean>): FormData {
  const form = new FormData();
  for (const [name, v] of Object.entries(values)) {
    if (v === false) continue;
    form.set(name, v === true ? 'on' : Array.isArray(v) ? v.join('\r\n') : v);
  }
  return form;
}

describe('content fields', () => {
  it('draws one control for every field it reads back, under Conform names', () => {
    const html = renderToStaticMarkup(<ObjectFields value={page} name="" errors={{}} />);
    const drawn = [...html.matchAll(/ name="([^"]+)"/g)].map((m) => m[1]!).filter((n) => n !== 'intent');
    expect(new Set(drawn)).toEqual(new Set(fieldNames(page)));
    expect(drawn).toContain('sections[1].paragraphs');
    expect(drawn).toContain('sections[2].items[0].link.url');
    // An empty link is drawn as its two fields, to fill in.
    expect(drawn).toContain('sections[3].banners[0].link.text');
    expect(html).toContain('Block 1: Page header');
  });

  it('reads the form back as the stored page, lines as lists and an empty link as none', () => {
    const form = formOf({
      path: '/about/terms-of-use',
      name: 'Terms of use',
      template: 'landing',
      'seo.title': 'Terms',
      'seo.description': '',
      'seo.canonicalUrl': '',
      'seo.ogImage': '',
      'seo.noIndex': true,
      'sections[0].title': 'New heading',
      'sections[0].subtitle': '',
      'sections[0].image': '',
      'sections[1].heading': 'Using this site',
      'sections[1].paragraphs': ['One.', '', 'Two, with\ttab.'],
      'sections[2].heading': '',
      'sections[2].items[0].title': 'A',
      'sections[2].items[0].text': '',
      'sections[2].items[0].image': '',
      // An existing link, emptied: no link.
      'sections[2].items[0].link.text': '',
      'sections[2].items[0].link.url': '',
      'sections[3].banners[0].text': 'Hello',
      'sections[3].banners[0].link.text': 'Read',
      'sections[3].banners[0].link.url': '/blog',
      'sections[3].banners[0].tone': 'promo',
    });
    const data = readFields(shapeOf(page), form);
    expect(data).toMatchObject({
      template: 'landing',
      seo: { title: 'Terms', canonicalUrl: null, ogImage: null, noIndex: true },
      sections: [
        { kind: 'page_header', title: 'New heading', subtitle: null, image: null },
        { kind: 'single_column', paragraphs: ['One.', 'Two, with\ttab.'] },
        { kind: 'content_grid', heading: null, items: [{ title: 'A', link: null }] },
        { kind: 'banners', banners: [{ text: 'Hello', link: { text: 'Read', url: '/blog' }, tone: 'promo' }] },
      ],
    });
    // An emptied text is left out: the schema's default applies (seo.description '').
    expect((data as { seo: object }).seo).not.toHaveProperty('description');
    expect(StoredPage.safeParse(data).success).toBe(true);
  });

  it('leaves an emptied title out (the schema calls it required) but keeps it when drawing the form again', () => {
    const form = formOf({ ...Object.fromEntries(fieldNames(page).map((n) => [n, 'x'])), name: '' });
    const shape = shapeOf(page);
    expect(readFields(shape, form)).not.toHaveProperty('name');
    const issues = StoredPage.safeParse(readFields(shape, form)).error?.issues ?? [];
    expect(issues.map((i) => i.path.join('.'))).toContain('name');
    expect(readFields(shape, form, '', true)).toHaveProperty('name', '');
  });

  it('has an empty block of every kind, and names fields the way the API does', () => {
    expect(Object.keys(NEW_BLOCKS)).toHaveLength(14);
    expect(apiFieldName('sections[2].items[0].title')).toBe('sections.2.items.0.title');
    expect(formFieldName('sections.2.items.0.title')).toBe('sections[2].items[0].title');
    expect(formFieldName('seo.og_image')).toBe('seo.og_image');
  });
});
