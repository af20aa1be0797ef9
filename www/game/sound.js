// The sound of a disc put down: a short knock made with WebAudio (no file to download), a little
// longer when more discs turn. Off by default; the page calls it only when the player turned it on.

let context = null;

/** Plays the knock of a move that flipped `flipped` discs. Never throws: no sound is no error. */
export function playMoveSound(flipped = 1) {
  try {
    context ||= new AudioContext();
    if (context.state === 'suspended') context.resume();
    const now = context.currentTime;
    const duration = 0.06 + Math.min(flipped, 8) * 0.012;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.setValueAtTime(420, now);
    oscillator.frequency.exponentialRampToValueAtTime(140, now + duration);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.35, now + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + duration);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now);
    oscillator.stop(now + duration + 0.02);
    document.documentElement.dataset.soundsPlayed = String(Number(document.documentElement.dataset.soundsPlayed || 0) + 1);
  } catch {
    // An old browser or a blocked audio context: the game goes on silently.
  }
}
