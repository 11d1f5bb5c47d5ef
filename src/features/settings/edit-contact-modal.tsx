import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { NewContactFields } from '../../components/new-contact-fields';
import { validateNewContact, type NewContactInput } from '../../domain/new-contact';

/**
 * Edit of a queued new contact the gateway refused (product §4 Wizard: the chain waits in Needs
 * attention until the contact is fixed). The same rules as the wizard's new contact; the case
 * behind it is sent once the contact is.
 */
export function EditContactModal({
  initial,
  opened,
  onCancel,
  onSave,
}: {
  initial: NewContactInput;
  opened: boolean;
  onCancel: () => void;
  onSave: (contact: NewContactInput) => void;
}) {
  const [contact, setContact] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const errors = validateNewContact(contact);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    onSave({
      firstName: contact.firstName.trim(),
      lastName: contact.lastName.trim(),
      phone: contact.phone.trim(),
      email: contact.email.trim(),
    });
  };

  return (
    <Modal opened={opened} onClose={onCancel} title="Edit contact" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <NewContactFields
            value={contact}
            errors={showErrors ? errors : undefined}
            onChange={setContact}
          />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </Group>
      </form>
    </Modal>
  );
}
