/**
 * The waiting room hears a call: a gong through Web Audio (no sound file to load) and, when the
 * monitor asks for it, the number spoken through Web Speech in the monitor's language. Browsers
 * start audio only after a click on the page, unless the TV's browser runs with
 * `--autoplay-policy=no-user-gesture-required` (docs/screens.md, "Patient screens").
 */
let audio: AudioContext | undefined;

export function audioContext(): AudioContext | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  audio ??= new AudioContext();
  return audio;
}

/** Whether the browser still holds the sound back until someone clicks. */
export function soundBlocked(): boolean {
  return audioContext()?.state === 'suspended';
}

export async function unblockSound(): Promise<void> {
  await audioContext()?.resume();
}

/** Three falling tones with a slow decay: a gong, audible across a waiting room but not shrill. */
export function playGong(): void {
  const context = audioContext();
  if (!context) return;
  [523.25, 415.3, 349.23].forEach((frequency, i) => {
    const start = context.currentTime + i * 0.55;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.35, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 1.6);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 1.7);
  });
}

/** Speaks the call after the gong (utterances queue up: a second language follows the first). */
export function speak(text: string, lang: string): void {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang === 'de' ? 'de-DE' : lang;
  utterance.rate = 0.9;
  speechSynthesis.speak(utterance);
}
