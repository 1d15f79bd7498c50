/**
 * The guide's voice: the browser's speech synthesis, when it has a voice.
 * Without one (or with sound off) nothing is said; the text is always on
 * screen anyway.
 */
function synth(): SpeechSynthesis | null {
  return typeof window !== "undefined" && "speechSynthesis" in window
    ? window.speechSynthesis
    : null;
}

function pickVoice(voices: SpeechSynthesisVoice[]): SpeechSynthesisVoice | undefined {
  const english = voices.filter((v) => v.lang.toLowerCase().startsWith("en"));
  const pool = english.length > 0 ? english : voices;
  return (
    pool.find((v) => /female|samantha|zira|victoria|karen|moira|tessa/i.test(v.name)) ?? pool[0]
  );
}

export function speak(text: string): void {
  const s = synth();
  if (!s || typeof SpeechSynthesisUtterance === "undefined") return;
  const voice = pickVoice(s.getVoices());
  if (!voice) return;
  s.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.pitch = 1.25;
  utterance.rate = 1.02;
  s.speak(utterance);
}

export function stopSpeaking(): void {
  synth()?.cancel();
}
