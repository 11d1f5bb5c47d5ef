import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { postsFeedItem, threadText } from '../../domain/case-update';

/**
 * Edit of a queued case update: its text is the technician's to correct after the gateway
 * refused it (the photos it names are their own entries). Trimmed like Post an update
 * (product §5); a feed item without photos needs text.
 */
export function EditUpdateTextModal({
  initial,
  fileCount,
  opened,
  onCancel,
  onSave,
}: {
  initial: string;
  fileCount: number;
  opened: boolean;
  onCancel: () => void;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const valid = postsFeedItem({ text, fileCount, close: false });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onSave(threadText(text));
  };

  return (
    <Modal opened={opened} onClose={onCancel} title="Edit update" centered>
      <form onSubmit={submit}>
        <Textarea
          label="Update"
          rows={4}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!valid}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
