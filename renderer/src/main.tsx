// Entry point: pick the transport, then render the one-window app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { warmAnalysisWorker } from './analysis/client.ts';
import { ClientProvider } from './client/context.tsx';
import { createClient } from './client/index.ts';
import './styles.css';

const client = createClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ClientProvider client={client}>
      <App />
    </ClientProvider>
  </StrictMode>,
);

// The analysis worker starts while the page is idle: the first recording opened finds it loaded (analysis/client.ts).
if (typeof requestIdleCallback === 'function') requestIdleCallback(warmAnalysisWorker, { timeout: 2000 });
else setTimeout(warmAnalysisWorker, 500);
