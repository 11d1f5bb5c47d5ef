import './setup-dom';
import './node-blobs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreparedPhoto } from '../../src/workers/photo-prepare';
import {
  markedUp,
  AttachmentPicker,
  usePreparedFiles,
  waitingText,
  type PickedFile,
} from '../../src/features/cases/attachment-picker';
import { PostUpdatePanel } from '../../src/features/cases/post-update-panel';
import { StepButtons } from '../../src/features/cases/wizard-step-buttons';
import { renderScreen } from './render';

/** Photo preparation held until the test lets each photo through, as a slow HEIC decoder. */
const held: Array<{ file: File; done: (p: PreparedPhoto) => void }> = [];
vi.mock('../../src/features/cases/photo-worker', () => ({
  preparePhoto: (file: File) =>
    new Promise<PreparedPhoto>((done) => {
      held.push({ file, done });
    }),
}));

async function release(index = 0) {
  const { file, done } = held.splice(index, 1)[0]!;
  const name = file.name.replace(/\.hei[cf]$/i, '.jpg');
  await act(async () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    done({ name, type: 'image/jpeg', blob, converted: name !== file.name, scaled: false });
    await Promise.resolve();
  });
}

beforeEach(() => {
  held.length = 0;
});

/** Step 5 of the wizard as the wizard screen puts it together. */
function AttachmentsStep() {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const attach = usePreparedFiles((f) => setFiles((fs) => [...fs, f]));
  return (
    <>
      <AttachmentPicker
        files={files}
        {...attach}
        onRemove={(key) => setFiles((fs) => fs.filter((f) => f.key !== key))}
        onReplace={(file) => setFiles((fs) => fs.map((f) => (f.key === file.key ? file : f)))}
      />
      <StepButtons
        onPrevious={() => undefined}
        onNext={() => undefined}
        nextLabel="Submit"
        waiting={attach.waiting}
      />
    </>
  );
}

const pick = (...files: File[]) =>
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files } });
const heic = () => new File(['heic'], 'valve.heic', { type: 'image/heic' });
const jpeg = () => new File(['jpeg'], 'leak.jpg', { type: 'image/jpeg' });

describe('what a button waiting for photos says', () => {
  it('converting for a HEIC, preparing otherwise, the count when several', () => {
    expect(waitingText([])).toBeNull();
    expect(waitingText([{ name: 'valve.heic', type: '' }])).toBe('Converting photo…');
    expect(waitingText([{ name: 'leak.jpg', type: 'image/jpeg' }])).toBe('Preparing photo…');
    expect(
      waitingText([
        { name: 'leak.jpg', type: 'image/jpeg' },
        { name: 'IMG_1.HEIF', type: 'image/heif' },
      ]),
    ).toBe('Converting 2 photos…');
  });
});

describe("the wizard's attachments step", () => {
  it('Submit says it waits for the HEIC conversion, then is Submit again', async () => {
    renderScreen(<AttachmentsStep />);
    pick(heic());
    const button = screen.getByRole('button', { name: 'Converting photo…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await release();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.queryByText('Converting photo…')).toBeNull();
  });

  it('counts down as photos are ready, and says preparing once only JPEGs are left', async () => {
    renderScreen(<AttachmentsStep />);
    pick(heic(), jpeg());
    screen.getByRole('button', { name: 'Converting 2 photos…' });
    await release(0);
    screen.getByRole('button', { name: 'Preparing photo…' });
    await release(0);
    screen.getByRole('button', { name: 'Submit' });
  });

  it('shows each photo as a thumbnail with a named remove button in it', async () => {
    renderScreen(<AttachmentsStep />);
    pick(heic(), jpeg());
    await release();
    await release();
    const previews = screen.getAllByTestId('upload-preview');
    expect(previews).toHaveLength(2);
    for (const [i, name] of ['valve.jpg', 'leak.jpg'].entries()) {
      const remove = screen.getByRole('button', { name: `Remove ${name}` });
      const preview = previews[i]!;
      // The button lies inside its own thumbnail, not beside it.
      expect(preview.contains(remove)).toBe(true);
      expect(remove.className).toContain('upload-preview-remove');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Remove valve.jpg' }));
    expect(screen.getAllByTestId('upload-preview')).toHaveLength(1);
  });

  it('lists photos in the order picked, whichever is ready first, across two picks', async () => {
    renderScreen(<AttachmentsStep />);
    const photo = (n: number) => new File(['jpeg'], `photo-${n}.jpg`, { type: 'image/jpeg' });
    pick(photo(1), photo(2), photo(3));
    pick(photo(4));
    // Ready 4, 3, 1, 2 (a small photo is prepared sooner than a large one).
    for (const n of [4, 3, 1, 2]) {
      await release(held.findIndex((h) => h.file.name === `photo-${n}.jpg`));
    }
    await waitFor(() => expect(screen.getAllByTestId('upload-preview')).toHaveLength(4));
    const removes = screen.getAllByRole('button', { name: /^Remove / });
    expect(removes.map((b) => b.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4].map((n) => `Remove photo-${n}.jpg`),
    );
    screen.getByRole('button', { name: 'Submit' });
  });
});

describe('Post an update', () => {
  it('Save Changes says it waits for the conversion', async () => {
    renderScreen(
      <PostUpdatePanel caseId="c1" caseNumber="00001001" kind="Case" status="Created" />,
    );
    fireEvent.change(screen.getByLabelText('Update'), { target: { value: 'Photo' } });
    pick(heic());
    expect(
      (screen.getByRole('button', { name: 'Converting photo…' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await release();
    expect(
      (screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('offers to close a case as a case and a report as a report', () => {
    const { unmount } = renderScreen(
      <PostUpdatePanel caseId="c1" caseNumber="00001001" kind="Case" status="Created" />,
    );
    screen.getByLabelText('Close this case');
    unmount();
    renderScreen(
      <PostUpdatePanel caseId="r1" caseNumber="00002001" kind="Report" status="Created" />,
    );
    screen.getByLabelText('Close this report');
    expect(screen.queryByLabelText('Close this case')).toBeNull();
  });

  it('asks before a close, and Cancel keeps what was typed and ticked', async () => {
    renderScreen(
      <PostUpdatePanel caseId="c1" caseNumber="00011420" kind="Case" status="Created" />,
    );
    fireEvent.change(screen.getByLabelText('Update'), { target: { value: 'Done here' } });
    fireEvent.click(screen.getByLabelText('Close this case'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close case 00011420?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Update') as HTMLTextAreaElement).value).toBe('Done here');
    expect((screen.getByLabelText('Close this case') as HTMLInputElement).checked).toBe(true);
  });

  it('on a Resolved record says an update reopens it, and offers no close', () => {
    renderScreen(
      <PostUpdatePanel caseId="r1" caseNumber="00002001" kind="Report" status="Resolved" />,
    );
    screen.getByText('This report is Resolved. Saving an update reopens it (status Updated).');
    expect(screen.queryByLabelText('Close this report')).toBeNull();
  });
});

describe('a marked-up photo in the picked files', () => {
  const chosen: PickedFile = {
    key: 'k1',
    name: 'valve.png',
    type: 'image/png',
    blob: new Blob(['png']),
  };
  const arrow = {
    tool: 'arrow' as const,
    colour: '#f76707',
    points: [
      { x: 0.1, y: 0.1 },
      { x: 0.9, y: 0.9 },
    ],
  };

  it('takes the marked-up JPEG in its place and keeps the photo as chosen beside it', () => {
    const rendered = new Blob(['jpeg'], { type: 'image/jpeg' });
    const once = markedUp(chosen, { photo: { blob: rendered }, marks: [arrow] });
    expect(once).toMatchObject({
      key: 'k1',
      name: 'valve.jpg',
      type: 'image/jpeg',
      blob: rendered,
    });
    expect(once.original).toEqual({ name: 'valve.png', type: 'image/png', blob: chosen.blob });
    // Marked up again: still drawn over the photo as chosen, never over the earlier marks.
    const again = markedUp(once, { photo: { blob: new Blob(['2']) }, marks: [arrow, arrow] });
    expect(again.original!.blob).toBe(chosen.blob);
    expect(again.marks).toHaveLength(2);
  });

  it('goes back to the photo as chosen when every mark is undone', () => {
    const once = markedUp(chosen, { photo: { blob: new Blob(['jpeg']) }, marks: [arrow] });
    expect(markedUp(once, { photo: null, marks: [] })).toEqual(chosen);
  });
});
