/// <reference lib="webworker" />
import { expose } from 'comlink';
import { photoMarkupService } from './photo-markup';

expose(photoMarkupService);
