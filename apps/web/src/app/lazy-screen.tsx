import { Suspense, type ComponentType } from 'react';
import { lazyComponent } from '../shared/ui/lazy-component';
import { PageLoader } from '../shared/ui/page-loader';
import { loadChunk } from './lazy-page';

/** Whether the signed-in layout has been drawn in this page yet (app-layout.tsx says so). */
let layoutDrawn = false;
export const markLayoutDrawn = () => {
  layoutDrawn = true;
};

/**
 * Route props of a lazily loaded screen inside the signed-in layout. When a page opens at the
 * screen's address, the layout (header, sidebar) is drawn as soon as its own code is there, with
 * the loading indicator where the screen goes, and the screen follows when its chunk arrives: the
 * header is what a phone paints largest, and it no longer waits for the screen's code and the
 * drawing of the whole screen in one piece (decision 0045). Once the layout is up, opening the
 * screen waits for its chunk as `lazyPage` does: the screen before stays, under the progress bar.
 * A chunk that fails is the route's error either way (RouteErrorBoundary).
 */
export function lazyScreen(chunk: string, load: () => Promise<ComponentType>) {
  const Screen = lazyComponent(() => loadChunk(chunk, load));
  function ScreenOnArrival() {
    return (
      <Suspense fallback={<PageLoader minHeight="100dvh" screen />}>
        <Screen />
      </Suspense>
    );
  }
  return {
    lazy: async () => {
      const arriving = Screen.preload();
      if (layoutDrawn) await arriving;
      else void arriving.catch(() => undefined); // Screen's own import reports it
      return { Component: ScreenOnArrival };
    },
  };
}
