import { Alert, Button, Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MACHINE_NOT_FOUND_MESSAGE } from '../../../contract/machines';
import { CameraScanner } from '../../components/camera-scanner';
import { useRemoteConfig } from '../../components/use-remote-config';
import {
  installationGuidesPath,
  machineDetailPath,
  telematicsPath,
} from '../../domain/machine-links';
import { isResolvable, parseScannedCode } from '../../domain/scan-parsing';
import { CustomerSearchForm, useCustomerSearchForm } from './customer-search-form';
import { ModelSerialForm, type ModelSerialInput } from '../../components/model-serial-form';

type Mode = 'model-serial' | 'customer';

/**
 * /support/machine/search and its telematics variant /support/machine/search/imei (product §2).
 * What was typed in either mode is kept while switching modes.
 */
export function MachineSearchScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const config = useRemoteConfig();
  const telematics = pathname.includes('imei');
  const [mode, setMode] = useState<Mode>('model-serial');
  const [modelSerial, setModelSerial] = useState<ModelSerialInput>({ model: '', serial: '' });
  const customer = useCustomerSearchForm();
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState<string | null>(null);

  const onFound = useCallback(
    (m: { model: string; serial: string }) =>
      void navigate(telematics ? telematicsPath(m) : machineDetailPath(m)),
    [navigate, telematics],
  );

  const onScan = useCallback(
    (text: string) => {
      setScanning(false);
      const machine = parseScannedCode(text);
      if (!isResolvable(machine)) {
        setScanProblem(MACHINE_NOT_FOUND_MESSAGE);
        return;
      }
      void navigate(machineDetailPath(machine));
    },
    [navigate],
  );

  const articleId = config?.installationGuidesArticleId;
  const customerMode = !telematics && mode === 'customer';

  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={1} size="h2">
        {telematics ? 'Machine Telematic Install' : 'Machine Search'}
      </Title>
      {telematics ? (
        <Button
          variant="light"
          component={Link}
          to={articleId ? installationGuidesPath(articleId) : '#'}
          disabled={!articleId}
        >
          Installation Guides
        </Button>
      ) : (
        <>
          <Button
            variant="light"
            onClick={() => setMode(customerMode ? 'model-serial' : 'customer')}
          >
            {customerMode ? 'Search by Model and Serial' : 'Machine Search by Customer'}
          </Button>
          {!scanning && (
            <Button
              variant="outline"
              onClick={() => {
                setScanProblem(null);
                setScanning(true);
              }}
            >
              Scan Machine Serial Number
            </Button>
          )}
          {scanning && (
            <CameraScanner
              codes="qr"
              hint="Point the rear camera at the machine's serial number code."
              typeInstead="the model and serial number"
              onScan={onScan}
              onClose={() => setScanning(false)}
            />
          )}
          {scanProblem && (
            <Alert color="red" role="alert">
              {scanProblem}
            </Alert>
          )}
        </>
      )}
      {customerMode ? (
        <CustomerSearchForm
          form={customer}
          onSearch={(search) => void navigate(`/support/machineResults?${search}`)}
        />
      ) : (
        <ModelSerialForm value={modelSerial} onChange={setModelSerial} onFound={onFound} />
      )}
    </Stack>
  );
}
