import { Textarea, Title } from '@mantine/core';
import { AttachmentPicker, usePreparedFiles, type PickedFile } from './attachment-picker';
import { StepButtons, type StepMoves } from './wizard-step-buttons';

/** Step 5: photos and a message to send with the case; Submit waits for a photo converting. */
export function WizardStepAttachments({
  files,
  message,
  onChange,
  onPrevious,
  onNext,
}: StepMoves & {
  files: PickedFile[];
  message: string;
  onChange: (change: { files?: (files: PickedFile[]) => PickedFile[]; message?: string }) => void;
}) {
  const attach = usePreparedFiles((f) => onChange({ files: (all) => [...all, f] }));
  return (
    <>
      <Title order={2} size="h4">
        Attachments
      </Title>
      <AttachmentPicker
        files={files}
        {...attach}
        onRemove={(key) => onChange({ files: (all) => all.filter((f) => f.key !== key) })}
        onReplace={(file) =>
          onChange({ files: (all) => all.map((f) => (f.key === file.key ? file : f)) })
        }
      />
      <Textarea
        label="Message"
        rows={4}
        value={message}
        onChange={(e) => onChange({ message: e.currentTarget.value })}
      />
      <StepButtons
        onPrevious={onPrevious}
        onNext={onNext}
        nextLabel="Submit"
        waiting={attach.waiting}
      />
    </>
  );
}
