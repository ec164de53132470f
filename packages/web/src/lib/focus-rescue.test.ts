import { afterEach, describe, expect, it } from 'vitest';
import { rescueLostFocus } from './focus-rescue';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

describe('focus is never lost to the page', () => {
  it('goes to the screen’s heading when the focused button leaves with its screen', async () => {
    document.body.innerHTML = '<main><h1>Allgemeinmedizin</h1><div id="step"><button>Ticket ziehen</button></div></main>';
    stop = rescueLostFocus();
    document.querySelector('button')!.focus();
    document.getElementById('step')!.remove();
    await settle();
    expect(document.activeElement?.textContent).toBe('Allgemeinmedizin');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('goes back to the menu’s button when a dialog opened from a menu item closes', async () => {
    document.body.innerHTML = '<main><h1>Arbeitsansicht</h1><button id="more">Weitere Aktionen</button><div role="menu"><button id="item">Verschieben</button></div></main>';
    stop = rescueLostFocus();
    document.getElementById('more')!.focus();
    document.getElementById('item')!.focus();
    document.querySelector('[role="menu"]')!.remove();
    await settle();
    expect(document.activeElement?.id).toBe('more');
  });

  it('leaves the focus alone where something holds it, or where it was put down on purpose', async () => {
    document.body.innerHTML = '<main><h1>Titel</h1><input id="a"><button id="b">b</button></main>';
    stop = rescueLostFocus();
    document.getElementById('a')!.focus();
    document.getElementById('b')!.focus();
    document.getElementById('a')!.remove();
    await settle();
    expect(document.activeElement?.id).toBe('b');
    (document.activeElement as HTMLElement).blur();
    document.body.append(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('focus inside a dialog', () => {
  it('goes to the dialog’s title when its content changes under the focus, and out to the opener when it closes', async () => {
    document.body.innerHTML =
      '<main><h1>Seite</h1><button id="open">Öffnen</button></main><section role="dialog"><h2>Termin</h2><div id="step"><button id="next">Weiter</button></div></section>';
    stop = rescueLostFocus();
    document.getElementById('open')!.focus();
    document.getElementById('next')!.focus();
    document.getElementById('step')!.remove();
    await settle();
    expect(document.activeElement?.textContent).toBe('Termin');
    document.querySelector('[role="dialog"]')!.remove();
    await settle();
    expect(document.activeElement?.id).toBe('open');
  });
});

describe('a button busy for a moment', () => {
  it('gets the focus back when it is enabled again', async () => {
    document.body.innerHTML = '<main><h1>Arbeitsansicht</h1><button id="call">Aufrufen</button></main>';
    stop = rescueLostFocus();
    const button = document.getElementById('call') as HTMLButtonElement;
    button.focus();
    button.disabled = true;
    // jsdom keeps the focus on a disabled button; the browser drops it, as here.
    button.blur();
    await settle();
    button.disabled = false;
    await settle();
    expect(document.activeElement?.id).toBe('call');
  });
});
