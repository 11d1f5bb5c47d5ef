import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useOnline } from '../../components/use-online';
import { MasterKeyForm } from './master-key-form';
import { MasterKeyResult } from './master-key-result';
import { MASTER_KEY_NEEDS_CONNECTION, useMasterKey } from './use-master-key';

/** /support/dcu/masterkey (product §2, §4 Keyless Master Password). */
export function MasterKeyScreen() {
  const online = useOnline();
  const [serial, setSerial] = useState('');
  const { state, lookup, clear } = useMasterKey();

  const backToForm = () => {
    // "The back button clears it": the result and the serial that produced it.
    clear();
    setSerial('');
  };

  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={1} size="h2">
        Keyless Master Password
      </Title>
      {state.status === 'done' ? (
        <MasterKeyResult result={state.result} onBack={backToForm} />
      ) : (
        <>
          {!online && (
            <Text c="orange.9" role="status">
              {MASTER_KEY_NEEDS_CONNECTION}
            </Text>
          )}
          <MasterKeyForm
            serial={serial}
            onSerialChange={setSerial}
            onSubmit={(s) => void lookup(s)}
            loading={state.status === 'loading'}
            error={
              // Offline, the status line above already says it; once is enough.
              state.status === 'failed' && (online || state.message !== MASTER_KEY_NEEDS_CONNECTION)
                ? state.message
                : null
            }
          />
        </>
      )}
    </Stack>
  );
}
