/** Voice input for a prompt through the Web Speech API. */
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

/** The parts of the Web Speech API used here (not in TypeScript's DOM library). */
type RecognitionResultEvent = { results: ArrayLike<ArrayLike<{ transcript: string }>> };
type RecognitionErrorEvent = { error: string };
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((e: RecognitionResultEvent) => void) | null;
  onerror: ((e: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/**
 * Voice input (SPEC 4.2): single-shot, no interim results; the recognised text replaces the prompt.
 * Idle -> listening on start; back to idle on stop, on the recognizer ending, or on an error.
 */
export function useVoiceInput(onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => () => recognition.current?.abort(), []);

  const stop = useCallback(() => {
    recognition.current?.stop();
    setListening(false);
  }, []);

  const start = useCallback(() => {
    const Ctor = recognitionConstructor();
    if (!Ctor) {
      toast.error("Voice input is not supported in your browser");
      return;
    }
    try {
      const r = new Ctor();
      r.lang = navigator.language || "en-US";
      r.continuous = false;
      r.interimResults = false;
      r.maxAlternatives = 1;
      r.onresult = (e) => {
        const text = Array.from(e.results)
          .map((result) => result[0]?.transcript ?? "")
          .join(" ")
          .trim();
        if (text) onTextRef.current(text);
      };
      r.onerror = (e) => {
        setListening(false);
        if (e.error === "not-allowed" || e.error === "service-not-allowed") {
          toast.error("Failed to start voice input", {
            description: "Allow microphone access for this site in your browser, then try again.",
          });
        } else if (e.error === "no-speech") {
          toast.info("No speech was heard. Press Voice Input and speak again.");
        } else if (e.error !== "aborted") {
          toast.error("Failed to start voice input");
        }
      };
      r.onend = () => setListening(false);
      recognition.current = r;
      r.start();
      setListening(true);
    } catch (error) {
      console.error("Voice input failed to start", error);
      setListening(false);
      toast.error("Failed to start voice input");
    }
  }, []);

  const toggle = useCallback(() => (listening ? stop() : start()), [listening, start, stop]);

  return { listening, toggle, stop };
}
