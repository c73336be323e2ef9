import { describe, expect, it } from 'vitest';
import { detectOperator } from './operator.ts';

function docWith(meta?: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (meta !== undefined) {
    const el = doc.createElement('meta');
    el.name = 'portal-operator';
    el.content = meta;
    doc.head.appendChild(el);
  }
  return doc;
}

describe('detectOperator', () => {
  it('reads the meta tag the server injects', () => {
    expect(detectOperator(docWith('no'), 'localhost')).toBe('no');
  });
  it('falls back to the host name first label, then de', () => {
    expect(detectOperator(docWith(), 'fi.localhost')).toBe('fi');
    expect(detectOperator(docWith(), 'localhost')).toBe('de');
    expect(detectOperator(docWith('xx'), 'portal.example.com')).toBe('de');
  });
});
