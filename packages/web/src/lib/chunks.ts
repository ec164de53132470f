/**
 * Script chunks that do not arrive (docs/product.md#errors: "script chunk 120 s"): a lazy import
 * that fails — offline, or a chunk of an older build gone after a deploy — or that has not
 * loaded after 120 s becomes a ChunkLoadFailed, and the screen offers a reload instead of
 * hanging blank or landing on "not found".
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadFailed extends Error {
  constructor(readonly reason: 'timeout' | 'error') {
    super(`script chunk ${reason === 'timeout' ? `not loaded within ${CHUNK_TIMEOUT_MS / 1000} s` : 'failed to load'}`);
    this.name = 'ChunkLoadFailed';
  }
}

export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadFailed('timeout')), CHUNK_TIMEOUT_MS);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadFailed('error'));
      },
    );
  });
}

export const isChunkLoadFailure = (error: unknown): error is ChunkLoadFailed => error instanceof ChunkLoadFailed;

/**
 * The prompt where not even the app's own first chunk came (main.tsx): plain DOM, its texts
 * here (the catalogues are chunks too), in German unless the browser prefers English.
 */
export function showBootstrapReloadPrompt(root: HTMLElement): void {
  const english = navigator.language.toLowerCase().startsWith('en');
  const texts = english
    ? { title: 'The page could not be loaded', text: 'The connection is too slow, or a new version is out. Please load the page again.', reload: 'Reload' }
    : {
        title: 'Die Seite konnte nicht geladen werden',
        text: 'Die Verbindung ist zu langsam, oder es gibt eine neue Version. Bitte laden Sie die Seite neu.',
        reload: 'Neu laden',
      };
  const main = document.createElement('main');
  main.setAttribute('role', 'alert');
  main.style.cssText = 'font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1b2421';
  const title = document.createElement('h1');
  title.textContent = texts.title;
  const text = document.createElement('p');
  text.textContent = texts.text;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = texts.reload;
  button.style.cssText = 'font: inherit; min-height: 44px; padding: 0.5rem 1rem; border: 0; border-radius: 8px; background: #0f6b5c; color: #fff';
  button.addEventListener('click', () => window.location.reload());
  main.append(title, text, button);
  root.replaceChildren(main);
  button.focus();
}
