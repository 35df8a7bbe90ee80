import { useEffect } from 'react';

const WIDGET_SRC = '/widget.js';

/**
 * Loads the public stats widget's script once, when a page shows a widget. It mounts every
 * `[data-footfall-widget]` element, and those React renders later, by itself (it watches the DOM).
 */
export function useWidgetScript(needed: boolean): void {
  useEffect(() => {
    if (!needed || document.querySelector(`script[src="${WIDGET_SRC}"]`)) return;
    const script = document.createElement('script');
    script.src = WIDGET_SRC;
    script.defer = true;
    document.head.append(script);
  }, [needed]);
}
