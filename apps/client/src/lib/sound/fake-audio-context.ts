/**
 * Tests only: a minimal recording stand-in for AudioContext, enough for the
 * sound modules (oscillators, gains, filters, noise buffers). It records what
 * was made and when it starts/stops; it makes no sound.
 */

export class FakeParam {
  value: number;
  readonly events: { kind: string; value: number; time: number }[] = [];
  constructor(value = 0) {
    this.value = value;
  }
  setValueAtTime(value: number, time: number): this {
    this.value = value;
    this.events.push({ kind: "set", value, time });
    return this;
  }
  linearRampToValueAtTime(value: number, time: number): this {
    this.value = value;
    this.events.push({ kind: "linear", value, time });
    return this;
  }
  exponentialRampToValueAtTime(value: number, time: number): this {
    this.value = value;
    this.events.push({ kind: "exp", value, time });
    return this;
  }
  cancelScheduledValues(time: number): this {
    this.events.push({ kind: "cancel", value: this.value, time });
    return this;
  }
}

export class FakeNode {
  readonly outputs: FakeNode[] = [];
  disconnected = false;
  constructor(
    readonly kind: string,
    readonly context: FakeAudioContext,
  ) {}
  connect<T extends FakeNode>(target: T): T {
    this.outputs.push(target);
    return target;
  }
  disconnect(): void {
    this.disconnected = true;
    this.outputs.length = 0;
  }
}

export class FakeGain extends FakeNode {
  readonly gain = new FakeParam(1);
}

export class FakeFilter extends FakeNode {
  type = "lowpass";
  readonly frequency = new FakeParam(350);
}

export class FakeSource extends FakeNode {
  startedAt: number | null = null;
  stoppedAt: number | null = null;
  start(time = 0): void {
    this.startedAt = time;
  }
  stop(time = 0): void {
    this.stoppedAt = time;
  }
}

export class FakeOscillator extends FakeSource {
  type: OscillatorType = "sine";
  readonly frequency = new FakeParam(440);
  readonly detune = new FakeParam(0);
}

export class FakeBufferSource extends FakeSource {
  buffer: unknown = null;
}

export class FakeAudioContext {
  currentTime = 0;
  sampleRate = 8000;
  state: AudioContextState = "running";
  readonly destination = new FakeNode("destination", this);
  readonly oscillators: FakeOscillator[] = [];
  readonly gains: FakeGain[] = [];
  readonly noises: FakeBufferSource[] = [];

  createGain(): FakeGain {
    const g = new FakeGain("gain", this);
    this.gains.push(g);
    return g;
  }
  createOscillator(): FakeOscillator {
    const o = new FakeOscillator("oscillator", this);
    this.oscillators.push(o);
    return o;
  }
  createBiquadFilter(): FakeFilter {
    return new FakeFilter("filter", this);
  }
  createBufferSource(): FakeBufferSource {
    const s = new FakeBufferSource("buffer-source", this);
    this.noises.push(s);
    return s;
  }
  createBuffer(_channels: number, length: number, sampleRate: number) {
    const data = new Float32Array(length);
    return { sampleRate, length, getChannelData: () => data };
  }
  resume(): Promise<void> {
    this.state = "running";
    return Promise.resolve();
  }

  /** Tests: the same object typed as the browser's context. */
  asContext(): AudioContext {
    return this as unknown as AudioContext;
  }
}
