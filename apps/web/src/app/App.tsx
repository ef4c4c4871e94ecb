import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * A data router around the route table, so a screen may block navigation with useBlocker
 * (the test screens while a test is submitted: learner spec §4 Full test). The table itself
 * stays one <Routes> element (router.tsx) under a splat route.
 */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
