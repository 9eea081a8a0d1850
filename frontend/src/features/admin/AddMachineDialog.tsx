import { useEffect, useRef, useState } from 'react';
import { TIMING_MS } from '@shared/constants';
import { adminMachines } from '../../i18n/admin-machines';
import { useMessages } from '../../i18n/messages';
import { AddMachineForm } from './AddMachineForm';
import { bundleFileName, downloadBundle, type Provisioned } from './bundle';
import { CheckIcon, KeyIcon } from './icons';
import { Button, Dialog } from '@frontend/components/ui';

/**
 * Add Machine: provisions the station, saves its certificate bundle (the only time the private key exists
 * outside the station) and says 'Machine created successfully!', then closes 2 seconds later. The parent
 * keeps the bundle in memory for a 'download again' until the admin dismisses it.
 */
export function AddMachineDialog({ open, onClose, onProvisioned }: { open: boolean; onClose: () => void; onProvisioned: (result: Provisioned) => void }) {
  const t = useMessages(adminMachines);
  const [created, setCreated] = useState<Provisioned | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!open) setCreated(null);
    return () => clearTimeout(timer.current);
  }, [open]);

  const onCreated = (result: Provisioned) => {
    setCreated(result);
    downloadBundle(result);
    onProvisioned(result);
    timer.current = setTimeout(onClose, TIMING_MS.addMachineClose);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t.addTitle}
      description={t.addIntro}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t.cancel}</Button>
          <Button variant="primary" type="submit" form="add-machine-form" disabled={Boolean(created)}>{t.create}</Button>
        </>
      }
    >
      <AddMachineForm
        formId="add-machine-form"
        onCreated={onCreated}
        success={
          created ? (
            <div role="status" className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
              <p className="flex items-center gap-2 font-semibold text-emerald-800">
                <CheckIcon /> {t.created}
              </p>
              <p className="mt-1.5 flex items-start gap-2 text-sm text-emerald-900/80">
                <KeyIcon size={16} className="mt-0.5 shrink-0" />
                <span>
                  {t.bundleSavedAs}<span className="font-mono">{bundleFileName(created.machine.id)}</span>{t.bundleKeep}
                </span>
              </p>
            </div>
          ) : undefined
        }
      />
    </Dialog>
  );
}
