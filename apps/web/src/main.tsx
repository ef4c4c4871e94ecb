import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadFirstPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// the page of the address loads while the session starts (an LMS launch lands signed out)
preloadFirstPage(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
