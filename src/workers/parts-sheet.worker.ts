/// <reference lib="webworker" />
import { expose } from 'comlink';
import { partsSheetService } from './parts-sheet';

expose(partsSheetService);
