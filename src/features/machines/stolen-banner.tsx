import { Alert, Anchor, Text } from '@mantine/core';

/** product §2: a red 'Listed as Stolen' banner with a phone instruction (the Call TSC number). */
export function StolenBanner({ callTscNumber }: { callTscNumber: string | null }) {
  return (
    <Alert color="red" variant="filled" title="Listed as Stolen" data-testid="stolen-banner">
      <Text size="sm" c="white">
        Do not service or release this machine. Call TSC
        {callTscNumber ? (
          <>
            {' at '}
            <Anchor href={`tel:${callTscNumber}`} c="white" underline="always">
              {callTscNumber}
            </Anchor>
          </>
        ) : null}{' '}
        before doing any work on it.
      </Text>
    </Alert>
  );
}
