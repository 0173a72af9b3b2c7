import { parentPort } from 'node:worker_threads';
import { type ExtractOptions, extractMainText } from './extract-main-text';

// The extraction thread of extract-page.ts: one page, then the caller ends the thread. It says
// "ready" once its code is loaded, so the caller's time budget counts the page's work only.
const port = parentPort;
if (!port) throw new Error('extract-page.thread runs as a worker thread of extract-page.ts');
port.once('message', (message: string | { html: string; options: ExtractOptions }) =>
  port.postMessage(
    typeof message === 'string'
      ? extractMainText(message)
      : extractMainText(message.html, message.options),
  ),
);
port.postMessage('ready');
