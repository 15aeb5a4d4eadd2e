import { installBackGestures, isSwipeBack } from '../src/gestures';

const at = (x: number, y: number, t: number) => ({ x, y, t });

describe('swipe back', () => {
  it('goes back for a quick horizontal swipe from the left edge', () => {
    expect(isSwipeBack(at(10, 300, 0), at(120, 310, 200))).toBe(true);
    expect(isSwipeBack(at(40, 300, 0), at(101, 300, 499))).toBe(true);
  });
  it('ignores swipes that start away from the edge, are short, slow, vertical or leftwards', () => {
    expect(isSwipeBack(at(41, 300, 0), at(200, 300, 100))).toBe(false);
    expect(isSwipeBack(at(10, 300, 0), at(70, 300, 100))).toBe(false);
    expect(isSwipeBack(at(10, 300, 0), at(200, 300, 500))).toBe(false);
    expect(isSwipeBack(at(10, 300, 0), at(90, 400, 100))).toBe(false);
    expect(isSwipeBack(at(30, 300, 0), at(0, 300, 100))).toBe(false);
  });
});

it('the hardware back button of the app shell goes back', () => {
  const back = jest.fn();
  const stop = installBackGestures(back);
  document.dispatchEvent(new Event('backbutton'));
  expect(back).toHaveBeenCalledTimes(1);
  stop();
  document.dispatchEvent(new Event('backbutton'));
  expect(back).toHaveBeenCalledTimes(1);
});
