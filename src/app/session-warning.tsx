import { Button, Modal, Text } from '@mantine/core';

/** The session timer's modal (product §2 "Session warning modal"). */
export default function SessionWarning({
  text,
  onContinue,
}: {
  text: string;
  onContinue: () => void;
}) {
  return (
    <Modal
      opened
      onClose={onContinue}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Session"
      // No animation: the modal must appear and go at once under a fast-forwarded clock.
      transitionProps={{ duration: 0 }}
    >
      <Text mb="md">{text}</Text>
      <Button fullWidth onClick={onContinue}>
        Continue
      </Button>
    </Modal>
  );
}
