import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Where the live camera stands: asking, showing, refused by the person (or their browser's
 * settings), or not there at all (no camera, busy elsewhere, or a page not served securely).
 */
export type CameraState = 'starting' | 'live' | 'refused' | 'unavailable';

/**
 * A back camera if there is one (a phone), else whatever there is (a laptop's); as sharp as it
 * offers up to full HD, which reads a receipt's print well and stays light to capture.
 */
const CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: 1920 },
    height: { ideal: 1080 },
  },
};

function stop(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/**
 * The live camera into `video` while `active`: started when it becomes active, and every track
 * stopped when it stops being so or the screen goes away, so the camera light goes out at once.
 */
export function useCamera(active: boolean): {
  state: CameraState;
  video: RefObject<HTMLVideoElement | null>;
} {
  const video = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>(hasCamera() ? 'starting' : 'unavailable');

  useEffect(() => {
    if (!active || !hasCamera()) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    setState('starting');
    navigator.mediaDevices
      .getUserMedia(CONSTRAINTS)
      .then((started) => {
        if (cancelled) {
          stop(started);
          return;
        }
        stream = started;
        for (const track of started.getVideoTracks()) {
          // Unplugged, or taken by another app: the person goes on with a photo instead.
          track.addEventListener('ended', () => setState('unavailable'));
        }
        const element = video.current;
        if (element) {
          element.srcObject = started;
          // Autoplay of a muted inline video is always allowed; a refusal changes nothing.
          element.play().catch(() => {});
        }
        setState('live');
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const name = error instanceof DOMException ? error.name : '';
        setState(
          name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable',
        );
      });
    return () => {
      cancelled = true;
      if (stream) stop(stream);
      if (video.current) video.current.srcObject = null;
    };
  }, [active]);

  return { state, video };
}
