import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { followSystemColorScheme } from './lib/color-scheme';
import './styles/app.css';

followSystemColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// No <StrictMode> around it: see app-root.tsx (each query would be sent twice in development).
createRoot(container).render(<AppRoot />);
