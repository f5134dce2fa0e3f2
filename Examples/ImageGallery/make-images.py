#!/usr/bin/python3
"""Draws the gallery's images (and the tests' JPEG fixture) with Pillow: made here, so
nothing in them comes from outside. Run from this folder; the outputs are committed."""
import math
from PIL import Image, ImageDraw

# A landscape "photo": sky gradient, sun, two hills, a lake. 240x160, JPEG.
w, h = 240, 160
photo = Image.new("RGB", (w, h))
px = photo.load()
for y in range(h):
    for x in range(w):
        t = y / h
        px[x, y] = (int(90 + 120 * t), int(150 + 70 * t), int(235 - 20 * t))
d = ImageDraw.Draw(photo)
d.ellipse((170, 20, 210, 60), fill=(255, 214, 90))
d.polygon([(0, 120), (60, 70), (130, 120)], fill=(70, 140, 80))
d.polygon([(80, 125), (170, 60), (240, 125)], fill=(45, 110, 70))
d.rectangle((0, 120, 240, 160), fill=(40, 95, 160))
for i in range(6):
    d.line((20 + 35 * i, 135 + (i % 2) * 10, 45 + 35 * i, 135 + (i % 2) * 10), fill=(200, 225, 245), width=2)
photo.save("images/photo.jpg", quality=92, subsampling=0)

# A chat bubble for nine-slice: 36x36, 12 px rounded corners, a 2 px darker rim.
bubble = Image.new("RGBA", (36, 36), (0, 0, 0, 0))
d = ImageDraw.Draw(bubble)
d.rounded_rectangle((0, 0, 35, 35), radius=12, fill=(30, 120, 230, 255))
d.rounded_rectangle((2, 2, 33, 33), radius=10, fill=(60, 150, 250, 255))
bubble.save("images/bubble.png")

# Four quadrants: red, green / blue, yellow. 40x20.
quad = Image.new("RGB", (40, 20))
d = ImageDraw.Draw(quad)
d.rectangle((0, 0, 19, 9), fill=(255, 0, 0))
d.rectangle((20, 0, 39, 9), fill=(0, 255, 0))
d.rectangle((0, 10, 19, 19), fill=(0, 0, 255))
d.rectangle((20, 10, 39, 19), fill=(255, 255, 0))
quad.save("images/quadrants.png")
quad.save("../../Tests/Fixtures/images/quadrants.jpg", quality=95, subsampling=0)

# An 8x8 pixel-art heart, for the nearest filter.
heart = Image.new("RGBA", (8, 8), (0, 0, 0, 0))
rows = ["........", ".XX..XX.", "XXXXXXXX", "XXXXXXXX", ".XXXXXX.", "..XXXX..", "...XX...", "........"]
for y, row in enumerate(rows):
    for x, c in enumerate(row):
        if c == "X":
            heart.putpixel((x, y), (220, 30, 60, 255))
heart.save("images/heart.png")

# A sprite strip for contentsRect: four 20x20 frames, each a different colour with a dot.
strip = Image.new("RGB", (80, 20), (255, 255, 255))
d = ImageDraw.Draw(strip)
for i, c in enumerate([(240, 80, 60), (250, 190, 40), (60, 180, 90), (70, 110, 230)]):
    d.rectangle((20 * i, 0, 20 * i + 19, 19), fill=c)
    d.ellipse((20 * i + 5, 5, 20 * i + 14, 14), fill=(255, 255, 255))
strip.save("images/sprites.png")
