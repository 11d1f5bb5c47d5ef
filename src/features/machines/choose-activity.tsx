import { Button, Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { MachineDetail } from '../../../contract/machines';
import type { UserKind } from '../../../contract/user';
import { showToast } from '../../components/toast';
import {
  createCasePath,
  createReportPath,
  predictionPath,
  qualityReportHref,
  telematicsPath,
} from '../../domain/machine-links';

/** product §8: the Quality Report redirect failed. */
export const QUALITY_REPORT_ERROR = 'Error directing to Quality Report';
const TOAST_MS = 7000;

/**
 * product §2 'Choose Activity' with the product §6 role rules: Create Report for internal users,
 * Quality Report for external users.
 */
export function ChooseActivity({
  machine,
  userKind,
  qualityReportUrl,
}: {
  machine: MachineDetail;
  userKind: UserKind;
  qualityReportUrl: string | null;
}) {
  const navigate = useNavigate();
  const key = {
    serial: machine.serialNumber,
    model: machine.materialNumber,
    pin: machine.productIdentificationNo,
  };

  const openQualityReport = () => {
    // window.open answers null when the browser refuses (pop-up blocked) or nothing is set up.
    const opened = qualityReportUrl
      ? window.open(qualityReportHref(qualityReportUrl, key), '_blank')
      : null;
    if (opened) opened.opener = null;
    else showToast({ message: QUALITY_REPORT_ERROR, color: 'red', autoClose: TOAST_MS });
  };

  return (
    <Paper withBorder p="md" data-testid="choose-activity">
      <Title order={2} size="h4" mb="sm">
        Choose Activity
      </Title>
      <Stack gap="xs">
        <Button
          variant="light"
          justify="flex-start"
          onClick={() => void navigate(createCasePath(key))}
        >
          Create Case
        </Button>
        {userKind === 'internal' && (
          <Button
            variant="light"
            justify="flex-start"
            onClick={() => void navigate(createReportPath(key))}
          >
            Create Report
          </Button>
        )}
        <Button
          variant="light"
          justify="flex-start"
          onClick={() => void navigate(telematicsPath(key))}
        >
          Machine Telematics Install
        </Button>
        <Button
          variant="light"
          justify="flex-start"
          onClick={() =>
            void navigate(predictionPath(key), {
              state: { inventoryId: machine.inventoryId, imei: machine.imei },
            })
          }
        >
          Create Parts Prediction
        </Button>
        {userKind === 'external' && (
          <Button variant="light" justify="flex-start" onClick={openQualityReport}>
            Quality Report
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
