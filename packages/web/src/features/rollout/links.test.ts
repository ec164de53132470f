import { describe, expect, it } from 'vitest';
import { embedSnippet, embedUrl, isWebAddress, NO_EMBED_FLAGS, queueLinks } from './links';

const parts = { base: 'https://wartefrei.example/', account: 'praxis-demo', profile: 'wien', queue: 'allgemein', queueId: 'q-1' };

describe('queueLinks', () => {
  it('builds every address from the public base and the identifiers', () => {
    expect(queueLinks(parts)).toEqual({
      public: 'https://wartefrei.example/praxis-demo/wien/allgemein',
      short: 'https://wartefrei.example/q/q-1',
      book: 'https://wartefrei.example/praxis-demo/wien/allgemein/book',
      kiosk: 'https://wartefrei.example/praxis-demo/wien/allgemein/kiosk',
      sunmiKiosk: 'https://wartefrei.example/praxis-demo/wien/allgemein/sunmi_kiosk',
      monitor: 'https://wartefrei.example/praxis-demo/wien/allgemein/monitor',
      monitor2: 'https://wartefrei.example/praxis-demo/wien/allgemein/monitor2',
      monitor3: 'https://wartefrei.example/praxis-demo/wien/allgemein/monitor3',
      embed: 'https://wartefrei.example/embed/queue/iframe/q-1',
      fragment: '',
    });
  });

  it('puts the practice key’s fingerprint on the pages that seal, not on the monitors', () => {
    const links = queueLinks({ ...parts, keyTag: 'AbCdEfGhIjKlMnOpQrStUv' });
    for (const url of [links.public, links.short, links.book, links.kiosk, links.sunmiKiosk]) expect(url).toMatch(/#k=AbCdEfGhIjKlMnOpQrStUv$/);
    for (const url of [links.monitor, links.monitor2, links.monitor3, links.embed]) expect(url).not.toContain('#');
    // The embed's flags go before the fragment.
    expect(embedUrl(links.embed, { ...NO_EMBED_FLAGS, hideWait: true }, links.fragment)).toBe(
      'https://wartefrei.example/embed/queue/iframe/q-1?hideWait=true#k=AbCdEfGhIjKlMnOpQrStUv',
    );
  });
});

describe('embed snippet', () => {
  const embed = 'https://wartefrei.example/embed/queue/iframe/q-1';

  it.each([
    [{}, embed],
    [{ hideCalled: true }, `${embed}?hideCalled=true`],
    [{ transparent: true, hideTitle: true }, `${embed}?hideTitle=true&transparent=true`],
  ])('flags %o → %s', (flags, url) => expect(embedUrl(embed, { ...NO_EMBED_FLAGS, ...flags })).toBe(url));

  it('is an iframe with an escaped source and title', () => {
    const snippet = embedSnippet(embed, { ...NO_EMBED_FLAGS, hideWait: true, sameWindow: true }, 'Kinder & "Jugend"');
    expect(snippet).toBe(
      `<iframe src="${embed}?hideWait=true&amp;sameWindow=true" title="Kinder &amp; &quot;Jugend&quot;"\n` + '        width="320" height="400" style="border:0"></iframe>',
    );
  });
});

describe('isWebAddress', () => {
  it.each([
    ['https://praxis.example/termine', true],
    ['http://praxis.example', true],
    ['praxis.example', false],
    ['javascript:alert(1)', false],
    ['mailto:a@b.example', false],
    ['', false],
  ])('%s → %s', (value, ok) => expect(isWebAddress(value)).toBe(ok));
});
