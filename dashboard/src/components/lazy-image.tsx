import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  isNearViewport,
  LAZY_IMAGES,
  loadWithRetries,
  RecentSet,
  throttle,
} from '../lib/browser/lazy-images';
import { ContentBoundary } from './content-boundary';

const loaded = new RecentSet(LAZY_IMAGES.cacheSize);
/** Elements waiting to come near the viewport, each with what starts its load. */
const waiting = new Map<Element, () => void>();

function checkWaiting(): void {
  const height = window.innerHeight;
  for (const [element, start] of waiting) {
    if (isNearViewport(element.getBoundingClientRect(), height)) {
      waiting.delete(element);
      start();
    }
  }
  if (waiting.size === 0) stopWatching();
}

const throttledCheck = throttle(checkWaiting, LAZY_IMAGES.throttleMs);
const onScroll = () => throttledCheck.call();
let watching = false;

function startWatching(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll, { passive: true });
}

function stopWatching(): void {
  if (!watching) return;
  watching = false;
  throttledCheck.cancel();
  window.removeEventListener('scroll', onScroll);
  window.removeEventListener('resize', onScroll);
}

function fetchImage(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`Could not load ${src}`));
    image.src = src;
  });
}

type Status = 'waiting' | 'loading' | 'loaded' | 'failed';

interface LazyImageProps {
  src: string;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /** Shown in the image's place until it loads, and instead of it when every attempt failed. */
  placeholder: ReactNode;
}

/**
 * An image loaded by the lazy loader: near the viewport only, retried, remembered once loaded. Should
 * anything about it fail, its placeholder stays in its place.
 */
export function LazyImage(props: LazyImageProps) {
  return (
    <ContentBoundary fallback={props.placeholder} resetKey={props.src}>
      <LazilyLoadedImage {...props} />
    </ContentBoundary>
  );
}

function LazilyLoadedImage({ src, alt, className, width, height, placeholder }: LazyImageProps) {
  const [status, setStatus] = useState<Status>(() => (loaded.has(src) ? 'loaded' : 'waiting'));
  const slot = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (loaded.has(src)) {
      setStatus('loaded');
      return;
    }
    const element = slot.current;
    if (!element) return;
    let current = true;
    setStatus('waiting');
    waiting.set(element, () => {
      setStatus('loading');
      void loadWithRetries(src, fetchImage, loaded).then((ok) => {
        if (current) setStatus(ok ? 'loaded' : 'failed');
      });
    });
    startWatching();
    // The first check runs now: images already on screen must not wait for a scroll.
    throttledCheck.call();
    return () => {
      current = false;
      waiting.delete(element);
    };
  }, [src]);

  if (status === 'loaded') {
    return <img src={src} alt={alt} className={className} width={width} height={height} decoding="async" />;
  }
  return (
    <span ref={slot} className={className} data-image-status={status}>
      {placeholder}
    </span>
  );
}
