// Content items as the content service answers them, for the storefront's tests (camelCase: the fake API converts).
import type { ContactPage, PageSection, Seo } from '@shop/contracts';

/** The fields every item has: published, dated, version 1. */
export const itemMeta = {
  status: 'published' as const,
  datePublished: '2026-01-01T00:00:00.000Z',
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateUpdated: '2026-01-01T00:00:00.000Z',
  version: 1,
};

export const seoFixture: Seo = { title: 'T', description: '', canonicalUrl: null, ogImage: null, noIndex: false };

/** The contact_page item with these blocks. */
export function contactPageFixture(sections: PageSection[]): ContactPage {
  return {
    ...itemMeta,
    id: 'contact_page',
    heading: 'Contact us',
    intro: '',
    phone: '13 56 28',
    openingHours: [],
    email: null,
    postalAddress: null,
    seo: seoFixture,
    sections,
  };
}
