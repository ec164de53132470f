import { lazy, Suspense, type ComponentProps } from 'react';
import type { Interview as InterviewComponent } from './Interview';

const Interview = lazy(() => import('./Interview').then((module) => ({ default: module.Interview })));

/**
 * The interview as its own chunk: a draw page or kiosk whose location asks nothing never loads
 * it (bench/: the draw page's gzipped JS). `loading` shows while it arrives.
 */
export function LazyInterview({ loading, ...props }: ComponentProps<typeof InterviewComponent> & { loading: string }) {
  return (
    <Suspense fallback={<p role="status">{loading}</p>}>
      <Interview {...props} />
    </Suspense>
  );
}
