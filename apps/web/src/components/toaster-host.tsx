import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { loadSonner, registerToasterHost } from '../lib/toast';

/** Runs `onMounted` after its children's effects (sonner's Toaster subscribes in one). */
function MountSignal({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}

/**
 * Where toasts appear. Draws nothing until the first toast asks for it, then loads sonner and
 * mounts its Toaster (top centre, rich colours, close button, following the colour scheme).
 */
export function ToasterHost() {
  const [toaster, setToaster] = useState<{ Toaster: ComponentType<ToasterProps>; ready: () => void }>();

  useEffect(
    () =>
      registerToasterHost(async () => {
        const { Toaster } = await loadSonner();
        await new Promise<void>((ready) => setToaster({ Toaster, ready }));
      }),
    [],
  );

  if (!toaster) return null;
  const { Toaster, ready } = toaster;
  return (
    <MountSignal onMounted={ready}>
      <Toaster position="top-center" richColors closeButton theme="system" />
    </MountSignal>
  );
}
