import { Loader, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useRemoteConfig } from '../../components/use-remote-config';
import { machineDetailPath } from '../../domain/machine-links';
import { parseMachineRouteParams } from '../../domain/route-params';

/** The configured inspection page, keyed by model and serial like the quality report link. */
export function inspectionUrl(base: string, m: { model: string; serial: string }): string {
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}${new URLSearchParams({ model: m.model, serial: m.serial })}`;
}

/**
 * /support/machine/pdi/:param1/:param2 (product §2 Support menu, Product Delivery
 * Inspection): the provider's page in a frame; its second load is the inspection submitted,
 * and the user is sent back to the machine.
 */
export function PdiScreen() {
  const { param1, param2 } = useParams();
  const { serial, model } = parseMachineRouteParams(param1, param2);
  const config = useRemoteConfig();
  const navigate = useNavigate();
  const loads = useRef(0);
  if (!serial || !model) {
    return (
      <Stack p="md">
        <Text>Machine Not Found</Text>
      </Stack>
    );
  }
  if (!config) return <Loader m="xl" />;
  const onLoad = () => {
    loads.current += 1;
    if (loads.current === 2) void navigate(machineDetailPath({ serial, model }));
  };
  return (
    <Stack gap="xs" h="calc(100dvh - 160px)">
      <Title order={1} size="h3">
        Product Delivery Inspection
      </Title>
      <iframe
        title="Product Delivery Inspection"
        src={inspectionUrl(config.productDeliveryInspectionUrl, { serial, model })}
        onLoad={onLoad}
        style={{ flex: 1, width: '100%', border: 0 }}
      />
    </Stack>
  );
}
